printf 'AB' | basenc --base2msbf; echo
printf 'AB' | basenc --base2lsbf; echo
printf '0100000101000010' | basenc --base2msbf -d; echo
