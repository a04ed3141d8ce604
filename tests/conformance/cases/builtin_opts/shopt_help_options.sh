# check-stderr
shopt -qs extglob
shopt -p extglob
shopt -Q
echo "status=$?"
help -Q
echo "status=$?"
enable -Q
echo "status=$?"
