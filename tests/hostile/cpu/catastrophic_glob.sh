# A tree 3 wide and 7 deep (3279 directories), globbed with a long chain
# of `*/`: the glob must walk it once, not blow up.
# limit: max_commands=1G
# expect-stop: none
# expect-stdout: 2187
# expect-stdout: 0
# expect-max-seconds: 3
mkdir -p /tmp/t && cd /tmp/t
mkdir -p {a,b,c}/{a,b,c}/{a,b,c}/{a,b,c}/{a,b,c}/{a,b,c}/{a,b,c}
set -- */*/*/*/*/*/*
echo $#
shopt -s nullglob
set -- */*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*/*
echo $#
