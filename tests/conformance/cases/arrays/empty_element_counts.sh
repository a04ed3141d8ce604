a=('' '' x)
echo "${#a[@]}"
set -- "${a[@]}"
echo "$#"
