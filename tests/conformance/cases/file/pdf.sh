printf "%%PDF-1.4\n%%comment\n" > f; file -b f; file --mime-type f
