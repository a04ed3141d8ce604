echo x | tee - > out; echo "[$?]"
cat out
ls
