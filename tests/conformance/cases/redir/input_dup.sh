echo line > i.txt
exec 7<i.txt
cat <&7
exec 7<&-
