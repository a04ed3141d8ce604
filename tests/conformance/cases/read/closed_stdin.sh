# check-stderr
mapfile a <&-
echo "status=$? n=${#a[@]}"
read -u 0 v <&-
echo "status=$?"
read v <&-
echo "status=$?"
mapfile -u 0 b <&-
echo "status=$?"
