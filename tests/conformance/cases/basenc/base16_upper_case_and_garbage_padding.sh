# check-stderr
printf '4869' | basenc --base16 -d; echo " status $?"
printf '4a4B' | basenc --base16 -d; echo " status $?"
printf '4a4B' | basenc --base16 -di; echo " status $?"
printf '48=69' | basenc --base16 -di; echo " status $?"
printf '=YQ' | basenc --base64 -di; echo " status $?"
printf 'YQ==\n=' | basenc --base64 -di; echo " status $?"
