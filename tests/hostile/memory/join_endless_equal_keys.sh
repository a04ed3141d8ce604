# join gathers the run of lines that share the current key on each side
# (their cross product is printed once the run ends); an endless run of
# equal keys is held in memory charged to the budget, so the memory limit
# stops it instead of the run growing without bound.
# expect-stop: memory
echo 'y x' > f
yes | join - f
