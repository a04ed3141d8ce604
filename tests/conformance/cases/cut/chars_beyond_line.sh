printf 'abc\n\nabcdefg\n' | cut -c 5-10
