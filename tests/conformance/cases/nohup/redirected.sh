nohup echo to-file > out; echo "[$?]"
cat out; ls
