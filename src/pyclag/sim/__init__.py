"""Games by the thousand: :mod:`~pyclag.sim.sweep` plays many seeded games among
bots in shards on any ``map``, :mod:`~pyclag.sim.launch` runs them on a process
pool, Dask or Ray, :mod:`~pyclag.sim.bench` times the engine (and
:mod:`~pyclag.sim.bench_openspiel` times it beside OpenSpiel), and
:mod:`~pyclag.sim.charts` draws the results."""
