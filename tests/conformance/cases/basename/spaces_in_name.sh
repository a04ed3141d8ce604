basename '/a dir/my file.txt' '.txt'
