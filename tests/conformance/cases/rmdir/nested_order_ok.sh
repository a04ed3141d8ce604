mkdir -p a/b; rmdir a/b a; ls; echo end
