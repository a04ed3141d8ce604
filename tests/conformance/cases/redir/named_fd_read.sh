echo content > in.txt
exec {rd}<in.txt
read -r line <&$rd
exec {rd}<&-
echo "$line"
