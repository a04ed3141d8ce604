# ${v@P} decodes the prompt escapes, then expands parameters, command
# substitutions and arithmetic.
v=x
p='$v $(echo hi) `echo bq` ${u:-d} $((1+2))'
echo "${p@P}"
p='a"b"c \\'
echo "${p@P}"
a=('$v' b)
echo "${a[@]@P}"
