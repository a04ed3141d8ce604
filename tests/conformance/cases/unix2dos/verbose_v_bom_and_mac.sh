# check-stderr
printf '\357\273\277a\n' > f; printf 'a\nb\r\n' > g
unix2dos -v f; echo "status $?"
unix2dos -v -c mac g; echo "status $?"; od -c g
printf 'x\n' | unix2dos -v -m | od -c
unix2dos -q nosuch; echo "status $?"
