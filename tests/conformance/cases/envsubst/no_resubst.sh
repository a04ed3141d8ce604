export A='$B' B=x
echo '$A ${A}' | envsubst
