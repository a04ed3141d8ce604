# check-stderr
printf 'a\r\nb\nc\rd\r\n' > mixed; printf '\357\273\277x\r\n' > bom; printf 'a\0\r\n' > bin
mkdir sub; printf 'u\n' > sub/unix
dos2unix -i mixed bom bin sub/unix; echo "status $?"
dos2unix -idu mixed sub/unix
dos2unix --info=bt bom bin
dos2unix -ih mixed
dos2unix -ip sub/unix
dos2unix -ic mixed bom bin sub/unix
dos2unix -ic0 mixed bom | tr '\0' '@'; echo
printf 'x\r\ny\n' | dos2unix -i
dos2unix -i nosuch sub mixed; echo "status $?"
dos2unix -iz mixed; echo "status $?"
od -c mixed
