printf 'abc\nhello world\n' | rev
