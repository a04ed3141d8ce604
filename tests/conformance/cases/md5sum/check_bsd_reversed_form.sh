# check-stderr
printf 'abc' > f; printf 'abc' > ' f'
h=900150983cd24fb0d6963f7d28e17f72
printf '%s  f\n%s f\n' $h $h > standard_first
printf '%s f\n%s  f\n' $h $h > reversed_first
printf '%s  \n' $h > space_name
md5sum -c standard_first; echo "status $?"
md5sum -c reversed_first; echo "status $?"
md5sum -c space_name; echo "status $?"
md5sum -c standard_first reversed_first; echo "status $?"
