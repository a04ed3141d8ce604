# check-stderr
printf 'aGVsbG8gd29ybGQ=*' | basenc --base64 -d; s=$?; echo; echo "status $s"
printf 'aGVsbG8' | basenc --base64 -d; s=$?; echo; echo "status $s"
printf '68656C6C6' | basenc --base16 -d; s=$?; echo; echo "status $s"
