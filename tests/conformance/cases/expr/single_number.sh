expr 00042; expr -0
