expr 10 \< 9; expr 10 \> 9; expr 3 = 3; expr 3 != 3; expr 2 \<= 2; expr 2 \>= 3
