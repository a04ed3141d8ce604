# check-stderr
a=1 b=2
unset a -v b
echo "status=$? ${a-no} ${b-no}"
