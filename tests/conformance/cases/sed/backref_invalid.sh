# check-stderr
printf "aa\n" > f
sed "s/\(a\)\2/x/" f; echo "s=$?"
sed -E "s/(a)|b\1/x/" f; echo "s=$?"
sed -n "/\(a\1\)/p" f; echo "s=$?"
