expr 0 \| 5; expr '' \| 0; expr 3 \| 4
