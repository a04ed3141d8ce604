printf 'apple\nbanana\navocado\n' | nl -b p'^a' | sed -n l
