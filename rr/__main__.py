from rr.cli import main

raise SystemExit(main())
