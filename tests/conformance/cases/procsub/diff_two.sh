printf 'a\nb\n' > f1
printf 'a\nc\n' > f2
diff <(sort f1) <(sort f2)
echo "status=$?"
