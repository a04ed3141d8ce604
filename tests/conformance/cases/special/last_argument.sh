echo a b
echo $_
