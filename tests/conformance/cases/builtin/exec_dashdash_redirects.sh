# `exec --` with only redirections makes them stay, as `exec` alone does.
exec -- 3>&1
echo "to three" >&3
exec -- 4>out.txt
echo "to four" >&4
exec 4>&-
cat out.txt
