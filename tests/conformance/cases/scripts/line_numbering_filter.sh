printf 'alpha\n\nbeta\ngamma\n' > in.txt
n=0
while IFS= read -r line; do
  if [[ -z $line ]]; then echo; continue; fi
  printf '%3d  %s\n' $((++n)) "$line"
done < in.txt
