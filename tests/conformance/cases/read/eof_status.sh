read x < /dev/null
echo $?
printf 'abc' | { read x; echo $? $x; }
