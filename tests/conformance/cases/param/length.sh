v=hello
e=
echo ${#v} ${#e}
set -- a b c
echo ${#}
