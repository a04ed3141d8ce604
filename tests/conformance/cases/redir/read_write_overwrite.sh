printf 'abcdef\n' > f
exec 3<>f
read -r -n 2 x <&3
printf XY >&3
read -r rest <&3
exec 3>&-
cat f
echo "$x $rest"
exec 4<>new.txt
echo created >&4
exec 4>&-
cat new.txt
