printf "{\"a\": [1, 2]}\n" > j; printf "[1,2]" > k; printf "{\"a\":1" > bad; printf "1\n" > num; file -b j k bad num; file --mime-type j
