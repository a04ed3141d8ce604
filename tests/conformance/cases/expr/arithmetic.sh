expr 7 + 3; expr 7 - 10; expr 6 \* 7; expr 7 / 2; expr -7 / 2; expr 7 % 3; expr -7 % 3
