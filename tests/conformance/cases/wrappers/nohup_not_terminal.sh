nohup echo hi | cat
nohup echo there > out.txt
cat out.txt; ls
