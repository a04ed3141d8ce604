printf 'a supercalifragilisticexpialidocious b\n' | fmt -w 10
