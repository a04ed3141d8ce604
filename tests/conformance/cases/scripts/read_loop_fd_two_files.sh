printf '1\n2\n3\n' > nums
printf 'one\ntwo\nthree\n' > words
while IFS= read -r n <&3 && IFS= read -r w <&4; do
  echo "$n=$w"
done 3<nums 4<words
