# `**` over a deep and wide tree, repeated in one pattern.
# limit: max_commands=1G
# expect-stop: none
# expect-stdout: 0
# expect-max-seconds: 3
mkdir -p /tmp/t && cd /tmp/t
mkdir -p {a,b,c,d}/{a,b,c,d}/{a,b,c,d}/{a,b,c,d}/{a,b,c,d}
shopt -s globstar nullglob
set -- **/**/**/**/**/nothing
echo $#
