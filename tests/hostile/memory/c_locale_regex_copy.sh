# Under LC_ALL=C a regex matches bytes, so `[[ =~ ]]` matches a
# copy of the subject with one stand-in character (four bytes) per
# non-ASCII byte: a 2 MB value of `é` would take 8 MB more. The copy is
# sized against the run's memory room first, so the memory limit stops
# the run instead of the host paying four times the value.
# profile: normal
# limit: max_memory=8M
# expect-stop: memory
# expect-stdout: built
export LC_ALL=C
v=é
for i in {1..20}; do v=$v$v; done
echo built
[[ $v =~ x ]] && echo matched
echo unreachable
