a=(apple banana cherry)
echo ${a[@]/a/A}
echo ${a[@]#?}
echo ${a[@]%y}
echo ${a[@]^}
