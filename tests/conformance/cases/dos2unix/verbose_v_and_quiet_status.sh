# check-stderr
printf 'a\r\nb\nc\r\n' > f; printf '\357\273\277x\r\n' > bom; mkdir d
dos2unix -v f; echo "status $?"
dos2unix -v -b bom; echo "status $?"
printf 'a\rb\r\n' | dos2unix -v -c mac | od -c
dos2unix -q nosuch d f; echo "status $?"
dos2unix -v -q nosuch; echo "status $?"
dos2unix -q -v nosuch; echo "status $?"
printf 'a\0' | dos2unix -q; echo " status $?"
