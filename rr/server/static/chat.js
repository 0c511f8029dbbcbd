// The game's chat (rr.server.chat).
