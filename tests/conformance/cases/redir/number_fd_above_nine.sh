exec 12>twelve.txt
echo twelve >&12
exec 12>&-
cat twelve.txt
