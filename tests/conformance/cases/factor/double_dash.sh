factor 5 -- 6
