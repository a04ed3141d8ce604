mkdir -p q/r; rmdir -p q/r/; ls; echo end
