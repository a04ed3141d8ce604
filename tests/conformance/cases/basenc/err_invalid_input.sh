# check-stderr
printf 'XYZ' | basenc --base16 -d; echo "status $?"
printf '0123' | basenc --base2msbf -d; echo "status $?"
