# check-stderr
mkdir zd ad
touch b a zz
ls --group-directories-first; echo "s=$?"
ls --group-directories-first -r; echo "s=$?"
ls -p --group-directories-first; echo "s=$?"
