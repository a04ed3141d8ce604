echo hello > rw.txt
exec 3<>rw.txt
read -r w <&3
echo " world" >&3
exec 3>&-
echo "$w"
cat rw.txt
