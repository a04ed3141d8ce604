# xz compressing an endless stream into the void: no output limit is
# reached, so only the wall clock stops it; the encoder checks the cancel
# signal on its reads. (The normal profile: the default preset's encoder
# needs more than the strict profile's memory budget, which would stop it
# first.)
# profile: normal
# limit: wall_clock=1
# expect-stop: timeout
yes | xz > /dev/null
