# check-stderr
printf 'one\n' > a
{ sha224sum a; echo 'junk'; } > sums
sha224sum -cw sums; echo "status $?"
sha224sum -bz a | tr '\0' '@'; echo
sha224sum --chec --qui sums; echo "status $?"
