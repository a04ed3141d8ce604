printf '' | split -l 1; ls | wc -l
